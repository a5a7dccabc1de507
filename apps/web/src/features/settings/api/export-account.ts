/** GET /api/account/export answers with a JSON file (Content-Disposition: attachment). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
