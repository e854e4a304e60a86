export { CommentsSection } from './comments-section';
export { Stars } from './stars';
