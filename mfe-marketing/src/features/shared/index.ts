// What the marketing pages share: the published roadmap and its status labels.
export { STATUS_LABEL, usePublishedRoadmap, type RoadmapItem, type RoadmapStatus } from './fetch-roadmap';
