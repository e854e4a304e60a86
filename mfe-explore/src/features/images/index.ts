// The images feature's public API.
export { SightImages } from './sight-images';
