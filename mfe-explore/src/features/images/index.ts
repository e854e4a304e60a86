export { SightImages } from './sight-images';
