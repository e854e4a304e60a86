export { SightDetailPage } from './sight-detail-page';
