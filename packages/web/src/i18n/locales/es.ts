/** Spanish: its first-screen catalogue, alone in its file in the build (build/locale-split.ts). */
import { bundleOf } from '../catalogue';

export default bundleOf('es');
