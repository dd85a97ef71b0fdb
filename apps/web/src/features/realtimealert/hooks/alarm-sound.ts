/**
 * The alarm tone, synthesised with the Web Audio API (no sound file to ship or fetch). Browsers keep an
 * AudioContext suspended until the page has had a user gesture; `state()` says so, and `unlock()` — called
 * from a click — lets it play.
 */

export type SoundState = 'running' | 'blocked' | 'unsupported';

export interface AlarmSound {
  state(): SoundState;
  onChange(listener: () => void): () => void;
  /** Must run inside a user gesture (a click) to be allowed. */
  unlock(): Promise<void>;
  /** One alarm call: two tones alternating three times, about 1.2 s. Silent while blocked. */
  beep(): void;
  close(): void;
}

const TONES_HZ = [960, 770] as const;
const TONE_S = 0.2;
const CALLS = 3;
const VOLUME = 0.25;

export function createAlarmSound(
  createContext: () => AudioContext | null = () =>
    typeof AudioContext === 'undefined' ? null : new AudioContext(),
): AlarmSound {
  const listeners = new Set<() => void>();
  let context: AudioContext | null = null;
  let unsupported = false;

  const ensure = () => {
    if (context || unsupported) return context;
    try {
      context = createContext();
    } catch {
      context = null;
    }
    if (!context) {
      unsupported = true;
      return null;
    }
    context.addEventListener('statechange', () => {
      for (const listener of listeners) listener();
    });
    return context;
  };

  return {
    state() {
      const ctx = ensure();
      if (!ctx) return 'unsupported';
      return ctx.state === 'running' ? 'running' : 'blocked';
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async unlock() {
      await ensure()?.resume();
    },
    beep() {
      const ctx = ensure();
      if (ctx?.state !== 'running') return;
      const gain = ctx.createGain();
      gain.connect(ctx.destination);
      gain.gain.setValueAtTime(0, ctx.currentTime);
      const start = ctx.currentTime + 0.02;
      for (let i = 0; i < CALLS * TONES_HZ.length; i += 1) {
        const at = start + i * TONE_S;
        const oscillator = ctx.createOscillator();
        oscillator.type = 'square';
        oscillator.frequency.value = TONES_HZ[i % TONES_HZ.length] as number;
        oscillator.connect(gain);
        oscillator.start(at);
        oscillator.stop(at + TONE_S);
        // Short ramps at each edge: a square wave switched on and off hard clicks.
        gain.gain.setValueAtTime(0, at);
        gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
        gain.gain.setValueAtTime(VOLUME, at + TONE_S - 0.02);
        gain.gain.linearRampToValueAtTime(0, at + TONE_S - 0.005);
      }
    },
    close() {
      listeners.clear();
      void context?.close();
      context = null;
    },
  };
}
