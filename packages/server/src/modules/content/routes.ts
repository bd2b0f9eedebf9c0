/** Routes of the FAQ and system articles: sysQuestion/view, sysQuestion/list, customer/hotQuestionList. */
import { browseApi } from '@haoka/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { bindEndpoint } from '../../http/contract.js';
import * as content from './service.js';

export function registerContentRoutes(app: FastifyInstance, db: Db): void {
  bindEndpoint(app, db, browseApi.viewQuestion, (input) => content.viewQuestion(db, input));

  bindEndpoint(app, db, browseApi.listQuestions, (input) => content.listQuestions(db, input));

  bindEndpoint(app, db, browseApi.listHotQuestions, (input) => content.listHotQuestions(db, input.scope));
}
