/** Facts for sights: the sight page's summary and claims, a guide station's sources. */
export { FactsView, SightFactsPanel } from './sight-facts';
export { StationSources } from './station-sources';
export { factsOf, useSightFacts } from './use-sight-facts';
