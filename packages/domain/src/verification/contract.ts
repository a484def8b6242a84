import { defineContract, defineOperation } from '../contract';
import { z } from '../validation';
import {
  VERIFICATION_RULES,
  verificationDocumentParamsSchema,
  verificationDownloadQuerySchema,
  verificationSchema,
  verificationSubmitSchema,
} from './schemas';

const myCompany = 'settings.my_company';
const verification = z.object({ data: verificationSchema });

/**
 * Account verification as the merchant sees it: anyone in the organization reads the status;
 * uploading, reading the documents and submitting belong to "Mi empresa". The API implements it
 * in modules/verification/verification.routes.ts, the web calls it from features/verification
 * (and the dashboard's reminder reads `current`).
 */
export const verificationContract = defineContract('verification', {
  current: defineOperation({
    method: 'GET',
    path: '/verification',
    access: 'organization',
    responses: { 200: verification },
  }),
  uploadDocument: defineOperation({
    method: 'PUT',
    path: '/verification/documents/:kind',
    access: myCompany,
    summary: 'Uploads one document (multipart, field `file`): PDF, JPEG or PNG up to 1 MB',
    params: verificationDocumentParamsSchema,
    upload: { field: VERIFICATION_RULES.field },
    responses: { 200: verification },
  }),
  document: defineOperation({
    method: 'GET',
    path: '/verification/documents/:kind',
    access: myCompany,
    summary: 'The uploaded document; `download=1` asks the browser to save it',
    params: verificationDocumentParamsSchema,
    query: verificationDownloadQuerySchema,
    download: true,
  }),
  submit: defineOperation({
    method: 'POST',
    path: '/verification/submit',
    access: myCompany,
    body: verificationSubmitSchema,
    responses: { 200: verification },
  }),
});
