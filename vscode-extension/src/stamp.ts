// Timestamps for the lines of the trace channel (a plain output channel, which adds none).
// Pure (no `vscode` import), so the unit tests can run it.

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** `2025-01-31 13:45:07.042`, in local time, as VS Code's log channels write it. */
export function stamp(date: Date = new Date()): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`
  );
}

/** Each line of `text` prefixed with the time and the level: `2025-01-31 13:45:07.042 [trace] …`. */
export function stampLines(text: string, level: string, date: Date = new Date()): string {
  const prefix = `${stamp(date)} [${level}] `;
  return text
    .split(/\r?\n/)
    .map((line, i) => (i === 0 ? prefix + line : line))
    .join("\n");
}
