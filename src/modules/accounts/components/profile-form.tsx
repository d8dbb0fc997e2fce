import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { updateProfileFn } from '~/modules/auth/auth.functions'
import { viewerQuery } from '~/modules/auth/auth.queries'
import { Field, FormAlert } from '~/modules/auth/components/form-parts'
import { CountryField } from './country-field'
import { updateProfileSchema, type Profile, type UpdateProfileInput } from '~/modules/accounts/profile.schemas'

const CONTACTS = ['facebookId', 'skypeId', 'telegramId', 'twitterId', 'discordId', 'whatsAppId', 'steamId'] as const
const BILLING = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'address1',
  'address2',
  'city',
  'province',
  'postalCode',
  'country',
] as const

function formInput(form: FormData): UpdateProfileInput {
  const get = (name: string) => String(form.get(name) ?? '')
  return {
    username: get('username'),
    avatar: get('avatar'),
    billingAddress: Object.fromEntries(
      BILLING.map((k) => [k, get(`billing.${k}`)]),
    ) as UpdateProfileInput['billingAddress'],
    ...(Object.fromEntries(CONTACTS.map((k) => [k, get(k)])) as Pick<UpdateProfileInput, (typeof CONTACTS)[number]>),
  }
}

/** Edits username, avatar, billing address and contact IDs; validated here and again on the server. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle')

  const labels: Record<string, string> = {
    firstName: t`First name`,
    lastName: t`Last name`,
    email: t`Billing e-mail`,
    phone: t`Phone`,
    address1: t`Address line 1`,
    address2: t`Address line 2`,
    city: t`City`,
    province: t`State / province`,
    postalCode: t`Postal code`,
  }

  /** What is wrong with a field, in the page's language (zod's own messages are English). */
  function issueText(field: string, issue: z.core.$ZodIssue): string {
    if (issue.code === 'too_small' && 'minimum' in issue) {
      return t({
        message: plural(Number(issue.minimum), { one: 'At least # character.', other: 'At least # characters.' }),
      })
    }
    if (issue.code === 'too_big' && 'maximum' in issue) {
      return t({
        message: plural(Number(issue.maximum), { one: 'At most # character.', other: 'At most # characters.' }),
      })
    }
    if (field === 'avatar') return t`Enter an https:// address or a path on this site starting with /.`
    if (field === 'billingAddress.email') return t`Enter a valid e-mail address.`
    if (field === 'billingAddress.phone') return t`Use digits, spaces and + ( ) . - only.`
    if (field === 'billingAddress.country') return t`Choose a country from the list.`
    if ((CONTACTS as readonly string[]).includes(field)) return t`Use letters, digits and . _ - @ + : / only.`
    return t`Check this field.`
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = updateProfileSchema.safeParse(formInput(new FormData(event.currentTarget)))
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), issueText(i.path.join('.'), i)] as const)),
      )
      setStatus('idle')
      return
    }
    setErrors({})
    setStatus('saving')
    try {
      const updated = await updateProfileFn({ data: parsed.data })
      queryClient.setQueryData(viewerQuery().queryKey, updated)
      setStatus('saved')
    } catch {
      setStatus('failed')
    }
  }

  const b = profile.billingAddress
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8" data-testid="profile-form">
      <section className="surface grid gap-4 rounded-xl p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">
          <Trans>Account</Trans>
        </h2>
        <p className="text-muted text-sm sm:col-span-2">
          <Trans>
            Account number {profile.aid} · {profile.email}
          </Trans>
        </p>
        <Field
          id="username"
          name="username"
          defaultValue={profile.username}
          label={t`Username`}
          error={errors.username}
        />
        <Field id="avatar" name="avatar" defaultValue={profile.avatar} label={t`Avatar URL`} error={errors.avatar} />
      </section>
      <section className="surface grid gap-4 rounded-xl p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">
          <Trans>Billing address</Trans>
        </h2>
        {BILLING.map((key) =>
          key === 'country' ? (
            <CountryField
              key={key}
              name="billing.country"
              defaultCode={b.country}
              error={errors['billingAddress.country']}
            />
          ) : (
            <Field
              key={key}
              id={`billing-${key}`}
              name={`billing.${key}`}
              defaultValue={b[key]}
              label={labels[key]}
              error={errors[`billingAddress.${key}`]}
            />
          ),
        )}
      </section>
      <section className="surface grid gap-4 rounded-xl p-5 sm:grid-cols-2">
        <h2 className="text-lg font-bold sm:col-span-2">
          <Trans>Contact IDs</Trans>
        </h2>
        {CONTACTS.map((key) => (
          <Field
            key={key}
            id={key}
            name={key}
            defaultValue={profile[key]}
            label={key.replace(/Id$/, '').replace(/^./, (c) => c.toUpperCase())}
            error={errors[key]}
          />
        ))}
      </section>
      {status === 'saved' ? (
        <FormAlert tone="info">
          <Trans>Your profile has been saved.</Trans>
        </FormAlert>
      ) : null}
      {status === 'failed' ? (
        <FormAlert>
          <Trans>Your profile could not be saved. Please try again.</Trans>
        </FormAlert>
      ) : null}
      {Object.keys(errors).length > 0 ? (
        <FormAlert>
          <Trans>Please correct the highlighted fields.</Trans>
        </FormAlert>
      ) : null}
      <button
        type="submit"
        disabled={status === 'saving'}
        data-testid="profile-save"
        className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        <Trans>Save profile</Trans>
      </button>
    </form>
  )
}
