import adminSettings from './admin-settings';
import serviceApi from './service-api';

export default {
  'admin-settings': adminSettings,
  'service-api': serviceApi,
};
