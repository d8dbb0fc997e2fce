/**
 * The privacy mails in the shopper's language: the code that confirms an account deletion, and the
 * link to the data file. A mail is read outside the site, so its words live here (like the order
 * and support mails).
 */
import type { Mail } from '~/server/mail/mailer'
import type { Locale } from '~/modules/i18n/locales'

interface Words {
  codeSubject: string
  code: (code: string, minutes: number) => string
  exportSubject: string
  exportBody: (link: string, until: string) => string
}

const WORDS: Record<Locale, Words> = {
  en: {
    codeSubject: 'Your code to delete your TopUp Hub account',
    code: (code, minutes) =>
      `You asked to delete your TopUp Hub account. Your code is ${code}\n\nIt expires in ${minutes} minutes. Deleting cannot be undone. If you did not ask for it, ignore this e-mail and change your password.`,
    exportSubject: 'Your TopUp Hub data is ready',
    exportBody: (link, until) =>
      `The copy of your data you asked for is ready (a JSON file).\n\nDownload it here: ${link}\n\nThe link works once, until ${until} (UTC). If you did not ask for it, change your password.`,
  },
  fr: {
    codeSubject: 'Votre code pour supprimer votre compte TopUp Hub',
    code: (code, minutes) =>
      `Vous avez demandé la suppression de votre compte TopUp Hub. Votre code est ${code}\n\nIl expire dans ${minutes} minutes. La suppression est définitive. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail et changez votre mot de passe.`,
    exportSubject: 'Vos données TopUp Hub sont prêtes',
    exportBody: (link, until) =>
      `La copie de vos données que vous avez demandée est prête (un fichier JSON).\n\nTéléchargez-la ici : ${link}\n\nLe lien fonctionne une seule fois, jusqu'au ${until} (UTC). Si vous ne l'avez pas demandée, changez votre mot de passe.`,
  },
  pt: {
    codeSubject: 'O seu código para eliminar a sua conta TopUp Hub',
    code: (code, minutes) =>
      `Pediu para eliminar a sua conta TopUp Hub. O seu código é ${code}\n\nExpira dentro de ${minutes} minutos. A eliminação não pode ser desfeita. Se não foi você que pediu, ignore este e-mail e altere a sua palavra-passe.`,
    exportSubject: 'Os seus dados TopUp Hub estão prontos',
    exportBody: (link, until) =>
      `A cópia dos seus dados que pediu está pronta (um ficheiro JSON).\n\nDescarregue-a aqui: ${link}\n\nA ligação funciona uma única vez, até ${until} (UTC). Se não foi você que pediu, altere a sua palavra-passe.`,
  },
  es: {
    codeSubject: 'Tu código para eliminar tu cuenta de TopUp Hub',
    code: (code, minutes) =>
      `Has pedido eliminar tu cuenta de TopUp Hub. Tu código es ${code}\n\nCaduca en ${minutes} minutos. La eliminación no se puede deshacer. Si no lo has pedido, ignora este correo y cambia tu contraseña.`,
    exportSubject: 'Tus datos de TopUp Hub están listos',
    exportBody: (link, until) =>
      `La copia de tus datos que pediste está lista (un archivo JSON).\n\nDescárgala aquí: ${link}\n\nEl enlace funciona una sola vez, hasta el ${until} (UTC). Si no la has pedido, cambia tu contraseña.`,
  },
  de: {
    codeSubject: 'Dein Code zum Löschen deines TopUp Hub Kontos',
    code: (code, minutes) =>
      `Du hast die Löschung deines TopUp Hub Kontos angefordert. Dein Code lautet ${code}\n\nEr läuft in ${minutes} Minuten ab. Das Löschen kann nicht rückgängig gemacht werden. Wenn du das nicht warst, ignoriere diese E-Mail und ändere dein Passwort.`,
    exportSubject: 'Deine TopUp Hub Daten sind bereit',
    exportBody: (link, until) =>
      `Die angeforderte Kopie deiner Daten ist bereit (eine JSON-Datei).\n\nHier kannst du sie herunterladen: ${link}\n\nDer Link funktioniert einmal, bis ${until} (UTC). Wenn du sie nicht angefordert hast, ändere dein Passwort.`,
  },
  ru: {
    codeSubject: 'Ваш код для удаления аккаунта TopUp Hub',
    code: (code, minutes) =>
      `Вы запросили удаление аккаунта TopUp Hub. Ваш код: ${code}\n\nОн действует ${minutes} минут. Удаление нельзя отменить. Если вы этого не запрашивали, проигнорируйте письмо и смените пароль.`,
    exportSubject: 'Ваши данные TopUp Hub готовы',
    exportBody: (link, until) =>
      `Копия ваших данных, которую вы запросили, готова (файл JSON).\n\nСкачайте её здесь: ${link}\n\nСсылка работает один раз, до ${until} (UTC). Если вы её не запрашивали, смените пароль.`,
  },
}

export function deletionCodeMail(to: string, locale: Locale, code: string, minutes: number): Mail {
  const w = WORDS[locale]
  return { to, subject: w.codeSubject, text: w.code(code, minutes) }
}

export function exportReadyMail(to: string, locale: Locale, link: string, until: Date): Mail {
  const w = WORDS[locale]
  const when = until.toISOString().slice(0, 16).replace('T', ' ')
  return { to, subject: w.exportSubject, text: w.exportBody(link, when) }
}
