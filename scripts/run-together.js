// Runs child processes as one: when any of them exits, or on Ctrl+C, the others are stopped too
// (the `npm run dev:*` scripts: a stand-in beside the dev server).
export function runTogether(children) {
  function stopAll(code) {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    process.exitCode = code ?? 0;
  }
  for (const child of children) child.on("exit", (code) => stopAll(code));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stopAll(0));
}
