import { describe, expect, it } from 'vitest'
import { createTransport } from 'nodemailer'
import { parseEml } from '../../src/server/mail/outbox'
import { verificationCodeMail } from '../../src/server/mail/templates'
import { LOCALES } from '../../src/modules/i18n/locales'

const render = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

describe('verification mail and the offline outbox', () => {
  it('has its own text in each of the six languages, and the outbox reads it back', async () => {
    const subjects = new Set<string>()
    for (const locale of LOCALES) {
      const mail = verificationCodeMail(locale, 'signup', '042137', 10)
      subjects.add(mail.subject)
      expect(mail.text).toContain('042137')
      const info = await render.sendMail({ from: 'a@b.c', to: 'x@y.z', ...mail, textEncoding: 'quoted-printable' })
      const parsed = parseEml((info.message as Buffer).toString('utf8'))
      expect(parsed).toMatchObject({ to: 'x@y.z', subject: mail.subject })
      expect(parsed.text).toContain('042137')
    }
    expect(subjects.size).toBe(LOCALES.length)
    expect(verificationCodeMail('ru', 'reset', '1', 10).subject).not.toBe(
      verificationCodeMail('ru', 'signup', '1', 10).subject,
    )
  })
})
