import { describe, expect, it } from 'vitest'

import { decodeMail } from '../helpers/captured-mail'

describe('a captured mail, as the tests read it', () => {
  it('decodes the quoted-printable body and leaves the headers as sent', () => {
    const raw = [
      'List-Unsubscribe: <https://curbsiderim.co/api/review-requests/unsubscribe?e=cGF0&t=4Fa9>',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Unsubscribe: https://curbsiderim.co/api/review-requests/unsubscribe?e=3DcGF0&t=3D4Fa9 =E2=80=94 a lo=',
      'ng line',
    ].join('\r\n')
    const mail = decodeMail(raw)
    expect(mail).toContain('unsubscribe?e=cGF0&t=4Fa9>')
    expect(mail).toContain('unsubscribe?e=cGF0&t=4Fa9 — a long line')
  })
})
