// Runs after `npm install` in this project: generate the Prisma client.
import './prisma-generate.js'
