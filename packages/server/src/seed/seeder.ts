/** The shape of a seeder (see index.ts); its own file so that the seeders need not import the list of them. */
import type { Dialect, Tx } from '../db/database.js';

export interface Seeder {
  name: string;
  /** Reference data every shop needs, or demo content that only a demo shop gets. */
  kind: 'reference' | 'demo';
  run(tx: Tx, dialect: Dialect, options?: SeedOptions): Promise<void>;
}

export interface SeedOptions {
  demo: boolean;
  /** Size of the demo number inventory (tests use a small one). */
  demoNumbers?: number;
}
