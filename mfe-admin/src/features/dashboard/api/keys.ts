export { dashboardKeys } from '../../../lib/dashboard-keys';
