export { ReportOutcomes } from './report-outcomes';
export { ReportProblem } from './report-problem';
export { useListeningEvents } from './use-listening-events';
export type { ReportableStation } from './guide-station';
