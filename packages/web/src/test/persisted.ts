/** Helpers for the persisted stores: what zustand persist writes under `shop:<name>`. */
import { vi } from 'vitest';

export function writeStored(name: string, state: unknown, version = 1): void {
  localStorage.setItem(`shop:${name}`, JSON.stringify({ state, version }));
}

export function readStored(name: string): Record<string, unknown> | null {
  const raw = localStorage.getItem(`shop:${name}`);
  if (raw === null) return null;
  return (JSON.parse(raw) as { state: Record<string, unknown> }).state;
}

/** The stores warn when they drop stored data; keep the test output clean and let tests check it. */
export function silenceWarnings() {
  return vi.spyOn(console, 'warn').mockImplementation(() => {});
}
