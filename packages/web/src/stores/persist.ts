/**
 * A persisted store is one shape of fields, each with its check and default (SPEC §3 "Persisted
 * locally", `stored.ts`): stored data that does not fit is dropped field by field and never crashes the
 * app; unreadable JSON is dropped whole.
 *
 * A store may keep server answers (a cached baseConfig, a card's simInfo, dictionary options, region
 * lists). The web does not check an answer against the contract's schemas: the server validates its
 * input and the API tests its answers. What a stored answer needs is that the app reading it expects
 * the shape it was written with, so such a store is versioned by the contract's fingerprint
 * (`ANSWERS_VERSION`): after a deploy that changed the contract, its answers are forgotten once (the
 * other fields are kept) and load anew.
 */
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import type { Fields, Group, Shape } from './stored';

export const STORAGE_PREFIX = 'shop:';

/**
 * localStorage that never throws: unreadable JSON is removed and read as absent, and so is everything
 * where there is no storage (the build's prerender, app/first-view-render.tsx, runs the stores in Node).
 */
const safeStorage: StateStorage = {
  getItem(name) {
    if (typeof localStorage === 'undefined') return null;
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

/**
 * The contract's fingerprint this build was made with (vite.config.ts, build/contract-fingerprint.ts),
 * the version of the stores that keep server answers; 1 where the app runs unbuilt (the web tests).
 */
export const ANSWERS_VERSION = Number((import.meta.env?.HAOKA_CONTRACT_FINGERPRINT as string | undefined) ?? 1);

/**
 * A zustand store kept in localStorage under `shop:<name>`: the fields of `shape` (read with their checks
 * when the app starts) and the store's `actions`.
 */
export function createPersistedStore<S extends Shape, A extends object>(
  name: string,
  shape: Group<S>,
  actions: (set: (patch: Partial<Fields<S>>) => void, get: () => Fields<S>) => A,
  /**
   * For a store that keeps server answers: the stored state without them (their defaults). The store is
   * then versioned by `ANSWERS_VERSION`, and state stored under another version loses its answers.
   */
  withoutAnswers?: (stored: Record<string, unknown>) => Record<string, unknown>,
) {
  type State = Fields<S> & A;
  /** The defaults: every field read from nothing stored. */
  const defaults = () => shape(undefined);
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
        version: withoutAnswers ? ANSWERS_VERSION : 1,
        migrate: (stored) =>
          withoutAnswers && typeof stored === 'object' && stored !== null
            ? withoutAnswers(stored as Record<string, unknown>)
            : stored,
        storage: createJSONStorage(() => safeStorage),
        partialize: (state) => {
          const out: Record<string, unknown> = {};
          for (const key of shape.keys) out[key] = (state as Record<string, unknown>)[key];
          return out as State;
        },
        // Nothing stored (a first visit) reads as the defaults.
        merge: (persisted, current) => ({ ...current, ...shape(persisted) }),
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
