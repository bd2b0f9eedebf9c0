/**
 * A persisted store is one zod schema plus defaults (SPEC §3 "Persisted locally"). Each field carries
 * its own `.catch`, so stored data that fails to parse is dropped field by field and never crashes the
 * app; unreadable JSON is dropped whole.
 */
import type { z } from 'zod';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';

export const STORAGE_PREFIX = 'shop:';

/** localStorage that never throws: unreadable JSON is removed and read as absent. */
const safeStorage: StateStorage = {
  getItem(name) {
    try {
      const raw = localStorage.getItem(name);
      if (raw === null) return null;
      JSON.parse(raw);
      return raw;
    } catch {
      console.warn(`[store] dropped unreadable ${name}`);
      try {
        localStorage.removeItem(name);
      } catch {
        // storage unavailable
      }
      return null;
    }
  },
  setItem(name, value) {
    try {
      localStorage.setItem(name, value);
    } catch {
      // quota or privacy mode: the state lives in memory only
    }
  },
  removeItem(name) {
    try {
      localStorage.removeItem(name);
    } catch {
      // storage unavailable
    }
  },
};

/** Parses stored state with the schema; anything unusable becomes the defaults. */
export function parseStored<S extends z.ZodType>(schema: S, stored: unknown, defaults: z.output<S>): z.output<S> {
  const parsed = schema.safeParse(stored);
  if (parsed.success) return parsed.data;
  console.warn('[store] dropped invalid stored state', parsed.error.issues[0]);
  return defaults;
}

export function createPersistedStore<S extends z.ZodObject, A extends object>(
  name: string,
  schema: S,
  defaults: () => z.output<S>,
  actions: (set: (patch: Partial<z.output<S>>) => void, get: () => z.output<S>) => A,
) {
  type State = z.output<S> & A;
  let writeBack: (() => void) | null = null;
  return create<State>()(
    persist(
      (set, get, api) => {
        // setState with the same state changes nothing but makes persist write the current state.
        writeBack = () => api.setState((state) => state);
        return { ...defaults(), ...actions((patch) => set(patch as Partial<State>), get) } as State;
      },
      {
        name: `${STORAGE_PREFIX}${name}`,
        version: 1,
        storage: createJSONStorage(() => safeStorage),
        partialize: (state) => {
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(schema.shape)) out[key] = (state as Record<string, unknown>)[key];
          return out as State;
        },
        merge: (persisted, current) => ({ ...current, ...parseStored(schema, persisted ?? {}, defaults()) }),
        /**
         * Stores the hydrated state at once: persist only writes on a change, so a value created at first
         * start (layout.orderSessionId) would otherwise be created anew on every reload until something else
         * changed; and dropped fields are replaced in storage by their defaults.
         */
        onRehydrateStorage: () => (state, error) => {
          if (state && !error) writeBack?.();
        },
      },
    ),
  );
}
