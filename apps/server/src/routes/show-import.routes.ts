import {
  SHOW_IMPORT_MAX_BYTES,
  ZApiError,
  ZShowImportPreview,
  ZShowImportPreviewRequest,
  ZShowImportRequest,
  ZShowImportResult,
} from '@encore/contract';
import type { onRequestHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../http/signed-in.ts';
import type { createShowImport } from '../services/show-import.service.ts';

export type ShowImportRoutesOptions = {
  signedIn: onRequestHookHandler;
  imports: ReturnType<typeof createShowImport>;
};

const tags = ['shows'];
const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 409: ZApiError };
// A file of SHOW_IMPORT_MAX_BYTES, JSON-escaped (quotes, line breaks) with room to spare.
const bodyLimit = 2 * SHOW_IMPORT_MAX_BYTES + 64 * 1024;

/** /api/shows/import: a performer's or venue's shows from an iCalendar or CSV source. */
export const showImportRoutes: FastifyPluginAsyncZod<ShowImportRoutesOptions> = async (app, o) => {
  app.post(
    '/preview',
    {
      onRequest: o.signedIn,
      bodyLimit,
      schema: {
        tags,
        summary: 'Preview a show import (iCalendar file or URL, CSV): nothing is written',
        body: ZShowImportPreviewRequest,
        response: { 200: ZShowImportPreview, ...errors },
      },
    },
    async (request) => o.imports.preview(currentUser(request), request.body.source),
  );
  app.post(
    '',
    {
      onRequest: o.signedIn,
      bodyLimit,
      schema: {
        tags,
        summary: 'Import the chosen rows of a previewed source, in one transaction',
        body: ZShowImportRequest,
        response: { 200: ZShowImportResult, ...errors },
      },
    },
    async (request) =>
      o.imports.confirm(currentUser(request), request.body.source, request.body.keys),
  );
};
