/**
 * The one place the app's schemas get zod from: zod/mini, whose functions tree-shake, with the
 * English messages that full zod gives by default (mini ships without any).
 */
import { z } from 'zod/mini';
import { en } from 'zod/locales';

z.config(en());

export { z };
