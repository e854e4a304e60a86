export { CommentsSection } from './comments-section';
export { Stars } from './stars';
export { registerCommentWrites } from './api/comment-writes';
