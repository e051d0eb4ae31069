import adminActivity from './controllers/admin-activity';
import adminAgentToken from './controllers/admin-agent-token';
import adminApplicationPasswords from './controllers/admin-application-passwords';
import adminHookDeliveries from './controllers/admin-hook-deliveries';
import adminHookEndpoints from './controllers/admin-hook-endpoints';
import adminSchedules from './controllers/admin-schedules';
import adminSettings from './controllers/admin-settings';
import adminRoutes from './routes';

/** The admin API behind the plugin's settings and activity pages (served at /article-publisher/...). */
export const adminDoor = {
  controllers: {
    'admin-activity': adminActivity,
    'admin-agent-token': adminAgentToken,
    'admin-application-passwords': adminApplicationPasswords,
    'admin-hook-deliveries': adminHookDeliveries,
    'admin-hook-endpoints': adminHookEndpoints,
    'admin-schedules': adminSchedules,
    'admin-settings': adminSettings,
  },
  routes: adminRoutes,
};
