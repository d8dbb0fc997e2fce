// Submits the authorization server's sign-out confirmation at once (the storefront asked for it).
document.querySelector('button[data-autosubmit]')?.click()
