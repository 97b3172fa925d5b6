export { TicketPlaceholder } from './ticket-placeholder';
