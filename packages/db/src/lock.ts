import { linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirectoryError, dataDirectoryFailure } from './data-directory.ts';

/** Another live process holds the directory; the message says which and what to do. */
export class DirectoryLockedError extends DataDirectoryError {
  override name = 'DirectoryLockedError';
}

/** When a process started (Linux clock ticks since boot), so a reused PID is not taken for the holder. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces, so count fields after its closing parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isRunning(pid: number, started: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // Same PID but a later start: the holder died and the PID went to another process.
  const now = startTime(pid);
  return !started || !now || now === started;
}

type Holder = { pid: number; started: string | undefined };

function readHolder(file: string): Holder | undefined {
  try {
    const [pid, started] = readFileSync(file, 'utf8').trim().split(' ');
    return { pid: Number(pid), started: started || undefined };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a lock whose holder is gone. Two processes starting at once could both see the stale
 * lock and the slower one delete the faster one's fresh lock, so removal happens under a second,
 * short-lived lock (a directory), after checking the holder is still the dead one.
 */
function removeStale(file: string, dead: Holder) {
  const guard = `${file}.takeover`;
  for (let waited = 0; ; waited += 50) {
    try {
      mkdirSync(guard);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A guard older than a few seconds belongs to a process that died mid-takeover.
      if (Date.now() - statSync(guard, { throwIfNoEntry: false })!.mtimeMs > 5000 || waited > 10_000) {
        rmSync(guard, { recursive: true, force: true });
      } else sleep(50);
    }
  }
  try {
    const now = readHolder(file);
    if (now && now.pid === dead.pid && now.started === dead.started) rmSync(file, { force: true });
  } finally {
    rmSync(guard, { recursive: true, force: true });
  }
}

/**
 * Takes DATA_DIR/.lock for this process, or throws DirectoryLockedError naming the process that
 * holds it. A lock left by a process that is gone (killed, crashed) is taken over. Returns the release.
 */
export function lockDirectory(dir: string): () => void {
  const file = join(dir, '.lock');
  const me = `${process.pid} ${startTime(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 5; attempt++) {
    // Written aside then linked into place, so nobody ever reads a lock without its PID.
    const draft = `${file}.${process.pid}`;
    try {
      writeFileSync(draft, me);
    } catch (error) {
      throw dataDirectoryFailure(error, dir) ?? error;
    }
    try {
      linkSync(draft, file);
      const removeOwnLock = () => {
        if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
      };
      process.once('exit', removeOwnLock);
      // Released before exit, the lock leaves no listener behind: a process opening and closing
      // databases one after another (a test worker) would otherwise collect one per database.
      return () => {
        process.off('exit', removeOwnLock);
        removeOwnLock();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    const holder = readHolder(file);
    if (!holder) continue;
    if (holder.pid && holder.pid !== process.pid && isRunning(holder.pid, holder.started)) {
      throw new DirectoryLockedError(
        `${dir} is in use by process ${holder.pid}. Stop it first: the embedded database allows one process at a time.`,
      );
    }
    removeStale(file, holder);
  }
  throw new DirectoryLockedError(`Could not lock ${dir}: other processes keep taking it.`);
}
