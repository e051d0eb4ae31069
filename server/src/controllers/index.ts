import adminActivity from './admin-activity';
import adminSchedules from './admin-schedules';
import adminApplicationPasswords from './admin-application-passwords';
import adminHookEndpoints from './admin-hook-endpoints';
import adminSettings from './admin-settings';
import hooks from './hooks';
import serviceApi from './service-api';
import webhook from './webhook';

export default {
  'admin-activity': adminActivity,
  'admin-schedules': adminSchedules,
  'admin-application-passwords': adminApplicationPasswords,
  'admin-hook-endpoints': adminHookEndpoints,
  'admin-settings': adminSettings,
  hooks,
  'service-api': serviceApi,
  webhook,
};
