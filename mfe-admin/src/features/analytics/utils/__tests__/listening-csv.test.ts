import { listeningChartRows, listeningCsv } from '../listening-csv';

const guide = (id: string, sight_name: string, started = 3) => ({
  guide_id: id,
  sight_id: 's',
  sight_name,
  created_at: '2026-11-24T00:00:00Z',
  plays_started: started,
  plays_completed: 1,
  plays_skipped: 1,
  avg_listened_fraction: 0.4667,
});
const station = (guide_id: string, n: number, title: string) => ({
  guide_id,
  station_id: `${guide_id}-${n}`,
  station_number: n,
  title,
  sight_name: 'x',
  plays_started: 2,
  plays_completed: 1,
  plays_skipped: 0,
  avg_listened_fraction: n === 1 ? 0.5 : null,
});

test('one quoted row per station, formula cells neutralised, fractions as percent', () => {
  const csv = listeningCsv(
    [guide('g1', 'Tower, "Eiffel"')],
    [station('g1', 1, 'Intro\nline'), station('g1', 2, '=cmd()')],
  );
  expect(csv.split('\r\n')).toEqual([
    'guide_id,sight,station_number,station_title,plays_started,plays_completed,plays_skipped,avg_listened_percent',
    'g1,"Tower, ""Eiffel""",1,"Intro\nline",2,1,0,50',
    `g1,"Tower, ""Eiffel""",2,'=cmd(),2,1,0,`,
    '',
  ]);
});

test('chart rows: the most played guides, told apart when they share a sight', () => {
  expect(
    listeningChartRows([guide('aaaa1', 'Louvre', 5), guide('bbbb2', 'Louvre', 4), guide('cccc3', 'Arch', 1)]),
  ).toEqual([
    { name: 'Louvre (aaaa)', started: 5, completed: 1, skipped: 1, listened: 47 },
    { name: 'Louvre (bbbb)', started: 4, completed: 1, skipped: 1, listened: 47 },
    { name: 'Arch', started: 1, completed: 1, skipped: 1, listened: 47 },
  ]);
  expect(listeningChartRows(Array.from({ length: 12 }, (_, i) => guide(`g${i}`, `S${i}`)))).toHaveLength(10);
});
