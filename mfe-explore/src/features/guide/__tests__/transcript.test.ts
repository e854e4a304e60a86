import { sentenceAt, splitSentences, formatTime, stationsFromGuide } from '../transcript';
import { stationToTrigger, distanceM } from '../../follow-me/geo';

describe('transcript timing', () => {
  it('splits sentences and follows them by length share of the duration', () => {
    const s = splitSentences('Hi. This is a much longer sentence! End?');
    expect(s).toEqual(['Hi.', 'This is a much longer sentence!', 'End?']);
    expect(sentenceAt(s, 0, 38)).toBe(0);
    expect(sentenceAt(s, 10, 38)).toBe(1);
    expect(sentenceAt(s, 37, 38)).toBe(2);
    expect(formatTime(65)).toBe('1:05');
  });
  it('reads stations from the guide response forms', () => {
    expect(stationsFromGuide({ guide: { stations: [{ id: 'a' }] } })).toEqual([{ id: 'a' }]);
    expect(stationsFromGuide({ ok: true })).toBeNull();
  });
});

describe('follow me', () => {
  const st = [{ latitude: 48.8584, longitude: 2.2945 }, { latitude: 48.86, longitude: 2.3 }];
  it('triggers a station within 40 m once', () => {
    expect(distanceM(48.8584, 2.2945, 48.8587, 2.2945)).toBeCloseTo(33, 0);
    expect(stationToTrigger({ lat: 48.8587, lon: 2.2945 }, st, new Set())).toBe(0);
    expect(stationToTrigger({ lat: 48.8587, lon: 2.2945 }, st, new Set([0]))).toBeNull();
    expect(stationToTrigger({ lat: 48.8590, lon: 2.2945 }, st, new Set())).toBeNull();
    expect(stationToTrigger({ lat: 48.8590, lon: 2.2945 }, st, new Set(), 100)).toBe(0);
  });
});
