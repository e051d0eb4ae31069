import adminActivity from './admin-activity';
import adminSchedules from './admin-schedules';
import adminSettings from './admin-settings';
import serviceApi from './service-api';
import webhook from './webhook';

export default {
  'admin-activity': adminActivity,
  'admin-schedules': adminSchedules,
  'admin-settings': adminSettings,
  'service-api': serviceApi,
  webhook,
};
