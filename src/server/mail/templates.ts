/**
 * Mail texts. Server code is otherwise locale-free (the UI translates codes), but a mail is read
 * outside the site, so its few strings live here in all six languages.
 */
import type { Locale } from '~/modules/i18n/locales'

type Purpose = 'signup' | 'reset'

const TEXT: Record<Locale, { subject: Record<Purpose, string>; body: (code: string, minutes: number) => string }> = {
  en: {
    subject: { signup: 'Your TopUp Hub verification code', reset: 'Reset your TopUp Hub password' },
    body: (code, minutes) =>
      `Your verification code is ${code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, ignore this e-mail.`,
  },
  fr: {
    subject: { signup: 'Votre code de vérification TopUp Hub', reset: 'Réinitialisez votre mot de passe TopUp Hub' },
    body: (code, minutes) =>
      `Votre code de vérification est ${code}\n\nIl expire dans ${minutes} minutes. Si vous ne l'avez pas demandé, ignorez cet e-mail.`,
  },
  pt: {
    subject: { signup: 'Seu código de verificação TopUp Hub', reset: 'Redefina sua senha TopUp Hub' },
    body: (code, minutes) =>
      `Seu código de verificação é ${code}\n\nEle expira em ${minutes} minutos. Se você não o solicitou, ignore este e-mail.`,
  },
  es: {
    subject: { signup: 'Tu código de verificación de TopUp Hub', reset: 'Restablece tu contraseña de TopUp Hub' },
    body: (code, minutes) =>
      `Tu código de verificación es ${code}\n\nCaduca en ${minutes} minutos. Si no lo has solicitado, ignora este correo.`,
  },
  de: {
    subject: { signup: 'Dein TopUp Hub Bestätigungscode', reset: 'Setze dein TopUp Hub Passwort zurück' },
    body: (code, minutes) =>
      `Dein Bestätigungscode lautet ${code}\n\nEr läuft in ${minutes} Minuten ab. Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.`,
  },
  ru: {
    subject: { signup: 'Ваш код подтверждения TopUp Hub', reset: 'Сброс пароля TopUp Hub' },
    body: (code, minutes) =>
      `Ваш код подтверждения: ${code}\n\nОн действует ${minutes} минут. Если вы его не запрашивали, просто проигнорируйте это письмо.`,
  },
}

export function verificationCodeMail(locale: Locale, purpose: Purpose, code: string, minutes: number) {
  const text = TEXT[locale]
  return { subject: text.subject[purpose], text: text.body(code, minutes) }
}
