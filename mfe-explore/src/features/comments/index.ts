// The comments feature's public API.
export { CommentsSection } from './comments-section';
export { Stars } from './stars';
