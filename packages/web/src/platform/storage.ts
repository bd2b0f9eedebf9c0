/** Plain key-value storage with the runtime's semantics: a missing key reads as '' (SPEC §8). */
export function getStorage(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return '';
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  } catch {
    return '';
  }
}

export function setStorage(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // quota or privacy mode: nothing stored
  }
}

export function removeStorage(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage unavailable
  }
}
