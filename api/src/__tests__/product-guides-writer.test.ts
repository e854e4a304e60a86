import { describe, expect, it } from '@jest/globals';
import { chooseStops, describeStop, direction, localGuideWriter } from '../services/guide-writer';
import { parseRange } from '../services/guides';
import { MPEGDecoder } from 'mpg123-decoder';
import { createEspeakEngine, mp3Info, mp3Timings, sentenceTimings, toSsml } from '../services/tts';
import { stop } from '../testing/stop-facts';

/** A 16-bit mono WAV: tone, silence, tone (seconds). */
function wav(parts: Array<[boolean, number]>, rate = 8000): Buffer {
  const samples: number[] = [];
  for (const [loud, s] of parts)
    for (let i = 0; i < s * rate; i++) samples.push(loud ? Math.round(8000 * Math.sin(i / 3)) || 1000 : 0);
  const b = Buffer.alloc(44 + samples.length * 2);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(36 + samples.length * 2, 4);
  b.write('WAVEfmt ', 8, 'latin1');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'latin1');
  b.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((v, i) => b.writeInt16LE(v, 44 + i * 2));
  return b;
}

describe('local guide writer', () => {
  const paul = stop('s1', "St. Paul's Cathedral", 51.5138, -0.0984, {
    category_slugs: ['historic'],
    subtype: 'cathedral',
    popularity: 85,
  });

  it("keeps a name with a full stop in one sentence and narrates the sight's own stations before nearby stops", async () => {
    const g = await localGuideWriter.write(
      {
        sight: paul,
        stations: [
          {
            title: 'The dome.',
            text: 'Look up at the dome. It rises above the crossing!',
            latitude: 51.5139,
            longitude: -0.0985,
          },
        ],
        nearby: [
          stop('s2', 'Millennium Bridge', 51.5095, -0.0985, { popularity: 70 }),
          stop('s3', 'Tate Modern', 51.5076, -0.0994, { category_slugs: ['museum'], popularity: 90 }),
        ],
      },
      { maxStations: 4 },
    );
    expect(g.stations.map((s) => s.title)).toEqual([
      "Welcome to St. Paul's Cathedral",
      'The dome.',
      'Millennium Bridge',
      'Tate Modern',
    ]);
    expect(g.stations[0].sentences.slice(0, 2)).toEqual([
      "Welcome to St. Paul's Cathedral.",
      "St. Paul's Cathedral is a historic site in London, United Kingdom.",
    ]);
    expect(g.stations[1].sentences).toEqual([
      'Stop 2: The dome.',
      'Look up at the dome.',
      'It rises above the crossing!',
    ]);
    // Walking order from the cathedral: the bridge (nearer) before the museum, though the museum is more popular.
    expect(g.stations[2].sentences[1]).toMatch(
      /^From St\. Paul's Cathedral, walk about 480 metres south, roughly 6 minutes\.$/,
    );
    expect(g.stations[3].sentences).toContain('After a landmark, this is a museum: a change of scene.');
    expect(g.stations[3].sentences.slice(-2)).toEqual([
      "St. Paul's Cathedral is about 690 metres north of here.",
      'Thank you for listening.',
    ]);
    for (const st of g.stations) for (const s of st.sentences) expect(s).toMatch(/[.!?]$/);
    expect(g.tokens).toBeGreaterThan(100);
    expect(
      await localGuideWriter.write({ sight: paul, stations: [], nearby: [] }, { maxStations: 3 }),
    ).toMatchObject({
      stations: [{ title: "Welcome to St. Paul's Cathedral" }],
    });
  });

  it('chooses distinct, popular stops and skips the sight itself and its duplicates', () => {
    const near = [
      stop('a', "St Paul's  cathedral", 51.5139, -0.0985),
      stop('b', 'Bank', 51.5133, -0.0889, { popularity: 10 }),
      stop('c', 'Guildhall', 51.5157, -0.0919, { popularity: 60 }),
      stop('d', 'Guildhall', 51.516, -0.092, { popularity: 55 }),
      stop('e', 'Monument', 51.5101, -0.0859, { popularity: null }),
    ];
    expect(chooseStops(paul, near, 3).map((s) => s.id)).toEqual(['c', 'b', 'e']);
    expect(
      describeStop(
        stop('x', 'Mt. Hood', 45.37, -121.69, {
          city: 'St. Louis',
          country: null,
          category_slugs: ['scenery'],
          subtype: 'mountain',
          popularity: null,
        }),
      ),
    ).toEqual(['Mt. Hood is a mountain in St. Louis.']);
    expect(direction(0, 0, 1, 0)).toBe('north');
    expect(direction(0, 0, -1, -1)).toBe('south-west');
  });
});

describe('speech timing and ranges', () => {
  it('finds sentence boundaries on the pauses of the audio, and falls back to length shares without them', () => {
    const audio = wav([
      [true, 1],
      [false, 0.7],
      [true, 2],
      [false, 0.2],
      [true, 0.5],
      [false, 0.7],
      [true, 1],
    ]);
    expect(sentenceTimings(['One.', 'Two, with a comma.', 'Three.'], audio)).toEqual([
      { text: 'One.', start: 0, end: 1 },
      { text: 'Two, with a comma.', start: 1.7, end: 4.4 },
      { text: 'Three.', start: 5.1, end: 6.1 },
    ]);
    const flat = wav([[true, 4]]);
    expect(sentenceTimings(['Aa.', 'Bbbbbb.'], flat).map((t) => [t.start, t.end])).toEqual([
      [0, 1.2],
      [1.2, 4],
    ]);
    expect(toSsml(['A < B & "C".', 'Next.'])).toBe(
      '<speak>A &lt; B &amp; &quot;C&quot;. <break time="650ms"/> Next.</speak>',
    );
  });

  it('moves timings measured on the PCM onto the MP3 timeline: each sentence starts where the decoded audio does', async () => {
    const rate = 22050;
    const audio = wav(
      [
        [true, 1],
        [false, 0.7],
        [true, 2],
        [false, 0.7],
        [true, 1],
      ],
      rate,
    );
    const pcm = new Int16Array(audio.buffer.slice(audio.byteOffset + 44, audio.byteOffset + audio.length));
    // The product's own encoder (the speech thread's).
    const engine = createEspeakEngine();
    const mp3 = await engine.encodeMp3(pcm, rate).finally(() => engine.close());
    const info = mp3Info(mp3);
    expect(info).toMatchObject({ sampleRate: rate, channels: 1, bitrateKbps: 48, audioOffset: 0 });

    const timings = mp3Timings(sentenceTimings(['One.', 'Two.', 'Three.'], audio), info);
    const d = new MPEGDecoder();
    await d.ready;
    const decoded = d.decode(new Uint8Array(mp3)).channelData[0];
    d.free();
    expect(decoded.length / rate).toBeCloseTo(info.durationS, 3);
    // Onsets and ends of the tones in what a browser plays.
    const loud = (i: number) => Math.abs(decoded[i]) > 0.05;
    const edges: number[] = [];
    for (let i = 1; i < decoded.length; i++) if (loud(i) !== loud(i - 1)) edges.push(i / rate);
    const onsets = [
      edges[0],
      ...edges.filter((e, i) => i > 0 && e - edges[i - 1] > 0.5 && loud(Math.round(e * rate))),
    ];
    expect(onsets).toHaveLength(3);
    expect(timings[0].start).toBe(0);
    expect(timings[1].start).toBeCloseTo(onsets[1], 1);
    expect(Math.abs(timings[1].start - onsets[1])).toBeLessThan(0.015);
    expect(Math.abs(timings[2].start - onsets[2])).toBeLessThan(0.015);
    expect(timings[2].end).toBe(Math.round(info.durationS * 100) / 100);
    // Without the codec delay the timings would be early by 50 ms.
    expect(onsets[1] - 1.7).toBeGreaterThan(0.045);

    expect(() => mp3Info(audio)).toThrow('Not an MP3 file');
    expect(() => mp3Info(mp3.subarray(0, mp3.length - 10))).toThrow(/Broken MP3 frame/);
    // An ID3v2 tag before the frames is skipped.
    const id3 = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 5]), Buffer.alloc(5), mp3]);
    expect(mp3Info(id3)).toMatchObject({ audioOffset: 15, frames: info.frames });
  });

  it('parses Range headers', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseRange('bytes=0-0', 100)).toEqual({ kind: 'partial', start: 0, end: 0 });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseRange('bytes=10-5', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=x-1', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('garbage', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('lines=1-2', 100)).toEqual({ kind: 'full' });
  });
});
