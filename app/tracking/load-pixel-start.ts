/**
 * The code that starts and stops the pixels, in its own chunk: only a visitor who accepted ever
 * downloads it. It is a module of its own because pixel-start.ts imports the pixels' facts from
 * pixels.ts, and pixels.ts importing it back would make a cycle.
 */
export function loadPixelStart() {
  return import("./pixel-start");
}
