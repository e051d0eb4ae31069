import adminSettings from './admin-settings';
import serviceApi from './service-api';
import webhook from './webhook';

export default {
  'admin-settings': adminSettings,
  'service-api': serviceApi,
  webhook,
};
