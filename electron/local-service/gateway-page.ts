const TITLES: Record<500 | 502 | 504, string> = {
  500: '500 Internal Server Error',
  502: '502 Bad Gateway',
  504: '504 Gateway Time-out',
};

/** What a load balancer in front of the service sends: its own page, not the service's error object. */
export function gatewayPage(status: 500 | 502 | 504, body: 'html' | 'empty'): { contentType?: string; text: string } {
  if (body === 'empty') return { text: '' };
  const title = TITLES[status];
  return {
    contentType: 'text/html',
    text: `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  };
}
