/**
 * WordPress's `xmlrpc.php` with XML-RPC disabled (the `xmlrpc_enabled` filter false), as a client sees
 * it. A POST gets IXR's fault document, sent by wp_xmlrpc_server::error() with the fault code as the
 * HTTP status since WordPress 5.7.3 (405 here); another method gets IXR_Server's plain-text 405.
 */
export const XMLRPC_PATH = '/xmlrpc.php';

export const XMLRPC_DISABLED = { code: 405, message: 'XML-RPC services are disabled on this site.' } as const;

/** The fault document, as IXR_Error::getXml() writes it, after IXR_Server::output()'s declaration. */
export function xmlrpcFault(code: number, message: string): string {
  const escaped = message.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<methodResponse>
  <fault>
    <value>
      <struct>
        <member>
          <name>faultCode</name>
          <value><int>${code}</int></value>
        </member>
        <member>
          <name>faultString</name>
          <value><string>${escaped}</string></value>
        </member>
      </struct>
    </value>
  </fault>
</methodResponse>
`;
}

/** IXR_Server's answer to anything but a POST. */
export const XMLRPC_POST_ONLY = 'XML-RPC server accepts POST requests only.';
