// Every integration test file runs with the app wired as the server entry wires it (src/app/wiring.ts):
// use cases that ask a port (payment gateway, supplier) and job workers find their adapters.
import { wireApp } from '../../src/app/wiring'

wireApp()
