/** Reason phrases for the statuses an API documents, for response headings. */
const reasons: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No Content',
  '301': 'Moved Permanently',
  '302': 'Found',
  '304': 'Not Modified',
  '400': 'Bad Request',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'Not Found',
  '405': 'Method Not Allowed',
  '406': 'Not Acceptable',
  '409': 'Conflict',
  '410': 'Gone',
  '412': 'Precondition Failed',
  '413': 'Content Too Large',
  '415': 'Unsupported Media Type',
  '422': 'Unprocessable Content',
  '429': 'Too Many Requests',
  '500': 'Internal Server Error',
  '502': 'Bad Gateway',
  '503': 'Service Unavailable',
  '504': 'Gateway Timeout',
};

export function statusText(status: string): string {
  if (status === 'default') return 'Any other status';
  if (/^\dXX$/i.test(status)) return `Any ${status[0]}xx status`;
  return reasons[status] ?? '';
}

/** A status's class for colouring (`2` success … `5` server error; `d` for `default`), always shown beside the number. */
export function statusClass(status: string): string {
  return /^[1-5]/.test(status) ? (status[0] ?? 'd') : 'd';
}
