import { MPEGDecoder } from 'mpg123-decoder';

/** Decoded mono audio, samples scaled to 16-bit values. */
export interface DecodedAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** Decodes an MP3 the way a browser does (no gapless trimming); throws on any decoding error. */
export async function decodeMp3(mp3: Buffer): Promise<DecodedAudio> {
  const d = new MPEGDecoder();
  await d.ready;
  try {
    const out = d.decode(new Uint8Array(mp3));
    if (out.errors.length) throw new Error(`MP3 decoding errors: ${JSON.stringify(out.errors)}`);
    return { samples: out.channelData[0].map((v) => v * 32768), sampleRate: out.sampleRate };
  } finally {
    d.free();
  }
}

/** The loudest sample between `from` and `to` seconds. */
export function peakIn(pcm: DecodedAudio, from: number, to: number): number {
  let peak = 0;
  const end = Math.min(pcm.samples.length, Math.floor(to * pcm.sampleRate));
  for (let i = Math.max(0, Math.ceil(from * pcm.sampleRate)); i < end; i++)
    peak = Math.max(peak, Math.abs(pcm.samples[i]));
  return peak;
}
