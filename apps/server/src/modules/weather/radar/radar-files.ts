import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files of radar frames under RADAR_DIR: `<product>/<YYYY-MM-DD>/<HHMMSS>-<hash>.grid` (the raw codes,
 * deflated) and `.png` (the Web Mercator image). Names carry the content's hash, so a corrected frame gets
 * new files and a reader of the old ones is never handed half of a new one.
 */
export class RadarFiles {
  constructor(readonly dir: string) {}

  namesFor(product: string, timeMs: number, hash: string): { grid: string; image: string } {
    const iso = new Date(timeMs).toISOString();
    const base = path.posix.join(
      product,
      iso.slice(0, 10),
      `${iso.slice(11, 19).replaceAll(':', '')}-${hash.slice(0, 16)}`,
    );
    return { grid: `${base}.grid`, image: `${base}.png` };
  }

  private full(name: string): string {
    const full = path.resolve(this.dir, name);
    if (!full.startsWith(path.resolve(this.dir) + path.sep))
      throw new Error(`radar file outside RADAR_DIR: ${name}`);
    return full;
  }

  /** Writes through a temporary file and a rename, so a file is either whole or absent. */
  async write(name: string, bytes: Uint8Array): Promise<void> {
    const full = this.full(name);
    await mkdir(path.dirname(full), { recursive: true });
    const tmp = `${full}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, full);
  }

  read(name: string): Promise<Buffer> {
    return readFile(this.full(name));
  }

  /** Removes files; ones already gone are fine. */
  async remove(names: readonly string[]): Promise<void> {
    for (const name of names) await rm(this.full(name), { force: true });
  }
}
