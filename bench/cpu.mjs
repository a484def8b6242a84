// CPU time of a process and of its descendants, from /proc (Linux). Throughput on a shared
// 2-core machine swings with whatever else runs; CPU time per request hardly does.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

let ticksPerSecond;
function hz() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      ticks: Number(fields[11]) + Number(fields[12]),
      // cutime + cstime: children that exited and were waited for (PostgreSQL backends of
      // closed connections), so their CPU is not lost from the sum when they go.
      reaped: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by `pid` itself and by all its descendants; null off Linux. */
export function cpuSeconds(pid) {
  const own = stat(pid);
  if (!own) return null;
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const info = stat(Number(entry));
    if (!info) continue;
    if (!children.has(info.ppid)) children.set(info.ppid, []);
    children.get(info.ppid).push({ pid: Number(entry), ticks: info.ticks, reaped: info.reaped });
  }
  let descendants = own.reaped;
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length > 0) {
    const next = queue.pop();
    descendants += next.ticks + next.reaped;
    queue.push(...(children.get(next.pid) ?? []));
  }
  return { self: own.ticks / hz(), descendants: descendants / hz() };
}
