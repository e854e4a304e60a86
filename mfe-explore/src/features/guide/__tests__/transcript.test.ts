import {
  sentenceAt,
  splitSentences,
  formatTime,
  stationsFromGuide,
  timedSentenceAt,
  timedSentences,
} from '../transcript';
import { stationToTrigger, distanceM } from '../../follow-me';

describe('transcript timing', () => {
  it('splits sentences and follows them by length share of the duration', () => {
    const s = splitSentences('Hi. This is a much longer sentence! End?');
    expect(s).toEqual(['Hi.', 'This is a much longer sentence!', 'End?']);
    expect(sentenceAt(s, 0, 38)).toBe(0);
    expect(sentenceAt(s, 10, 38)).toBe(1);
    expect(sentenceAt(s, 37, 38)).toBe(2);
    expect(formatTime(65)).toBe('1:05');
  });
  it('splits French, Arabic and German narration as the API does', () => {
    expect(splitSentences('Regardez ! La tour mesure 330 mètres. Vraiment ?')).toEqual([
      'Regardez !',
      'La tour mesure 330 mètres.',
      'Vraiment ?',
    ]);
    expect(splitSentences('هل ترون الأقواس؟ إنها جميلة، أليس كذلك؟')).toEqual([
      'هل ترون الأقواس؟',
      'إنها جميلة، أليس كذلك؟',
    ]);
    expect(splitSentences('Der Turm ist 1.063 Meter entfernt. Weiter!')).toEqual([
      'Der Turm ist 1.063 Meter entfernt.',
      'Weiter!',
    ]);
  });
  it('reads stations from the guide response, keeping the measured sentence timings', () => {
    const sentences = [
      { text: 'Hi.', start: 0, end: 0.8 },
      { text: 'Go on.', start: 1.5, end: 2.4 },
    ];
    const [st] = stationsFromGuide({
      ok: true,
      guide: {
        stations: [
          {
            id: 'a',
            position: 1,
            title: 'Gate',
            text: 'Hi. Go on.',
            audio_url: '/guides/audio/a',
            latitude: null,
            longitude: 2,
            sentences,
          },
        ],
      },
    })!;
    expect(st).toMatchObject({
      id: 'a',
      title: 'Gate',
      audio_url: '/guides/audio/a',
      longitude: 2,
      sentences,
    });
    expect(st.latitude).toBeUndefined();
    expect(timedSentences(st)).toEqual(sentences);
    expect(timedSentences({ id: 'b', text: 'No timings.' })).toBeNull();
    expect(stationsFromGuide({ ok: true })).toBeNull();
  });
  it('follows measured timings: the last sentence that has started, pauses included', () => {
    const t = [
      { text: 'A.', start: 0, end: 1 },
      { text: 'B.', start: 1.6, end: 3 },
      { text: 'C.', start: 3.7, end: 5 },
    ];
    expect([0, 0.99, 1.3, 1.6, 3.5, 3.7, 9].map((x) => timedSentenceAt(t, x))).toEqual([0, 0, 0, 1, 1, 2, 2]);
  });
});

describe('follow me', () => {
  const st = [
    { latitude: 48.8584, longitude: 2.2945 },
    { latitude: 48.86, longitude: 2.3 },
  ];
  it('triggers a station within 40 m once', () => {
    expect(distanceM(48.8584, 2.2945, 48.8587, 2.2945)).toBeCloseTo(33, 0);
    expect(stationToTrigger({ lat: 48.8587, lon: 2.2945 }, st, new Set())).toBe(0);
    expect(stationToTrigger({ lat: 48.8587, lon: 2.2945 }, st, new Set([0]))).toBeNull();
    expect(stationToTrigger({ lat: 48.859, lon: 2.2945 }, st, new Set())).toBeNull();
    expect(stationToTrigger({ lat: 48.859, lon: 2.2945 }, st, new Set(), 100)).toBe(0);
  });
});
