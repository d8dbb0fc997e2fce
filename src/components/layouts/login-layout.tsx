import type { ReactNode } from 'react'
import { Gamepad2 } from '~/components/icons/gamepad-2'

/** A centred card on a quiet background, for sign-in pages. */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-brand-50 to-white px-4 dark:from-[#0b1020] dark:to-[#131a2e]">
      <div className="surface w-full max-w-md rounded-2xl p-8 shadow-xl">
        <p className="mb-6 flex items-center justify-center gap-2 text-xl font-extrabold">
          <Gamepad2 aria-hidden className="size-6 text-link" /> TopUp Hub
        </p>
        {children}
      </div>
    </main>
  )
}
