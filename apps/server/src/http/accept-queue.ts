import { readFileSync, readlinkSync } from 'node:fs';

/** The kernel's socket tables, IPv4 and IPv6 (Linux). */
const SOCKET_TABLES = ['/proc/net/tcp', '/proc/net/tcp6'];

/**
 * How many connections the kernel has completed on a listening socket that the process has not
 * accepted yet: for a socket listening, Linux shows that count as the rx_queue of its row in
 * /proc/net/tcp (or tcp6), found here by the socket's inode. undefined where it cannot be read
 * (not Linux, no /proc, no file descriptor).
 */
export function acceptQueueLength(fd: number | undefined): number | undefined {
  if (fd === undefined || fd < 0) return undefined;
  let inode: string | undefined;
  try {
    inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1];
  } catch {
    return undefined;
  }
  if (inode === undefined) return undefined;
  for (const table of SOCKET_TABLES) {
    let text: string;
    try {
      text = readFileSync(table, 'latin1');
    } catch {
      continue;
    }
    const queued = rxQueueOf(text, inode);
    if (queued !== undefined) return queued;
  }
  return undefined;
}

/** The rx_queue of the row whose inode is `inode`, in the text of /proc/net/tcp. */
export function rxQueueOf(table: string, inode: string): number | undefined {
  // Columns: sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
  for (const line of table.split('\n')) {
    const columns = line.trim().split(/\s+/);
    if (columns[9] !== inode) continue;
    const rx = columns[4]?.split(':')[1];
    return rx === undefined ? undefined : Number.parseInt(rx, 16);
  }
  return undefined;
}
