import { useState } from 'react'

/**
 * Form state loaded from a server view: when the view's version moves (this form saved, or a
 * reload after a conflict), the form starts again from the new content. `version` is the one the
 * form was loaded from: what a save sends back to be checked.
 */
export function useLoadedForm<V extends { version: string }, F>(view: V, toForm: (view: V) => F) {
  const [state, setState] = useState(() => ({ version: view.version, form: toForm(view) }))
  let current = state
  if (state.version !== view.version) {
    current = { version: view.version, form: toForm(view) }
    setState(current)
  }
  const setForm = (update: (form: F) => F) => setState((s) => ({ ...s, form: update(s.form) }))
  return { form: current.form, version: current.version, setForm }
}
