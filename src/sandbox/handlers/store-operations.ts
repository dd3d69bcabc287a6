/** Orders and inventory: the order lifecycle moves pet status and stock together. */
import { ApiError } from '../api-error.ts';
import type { Order, Records } from '../store/records.ts';
import { created, existing, type Handler, page } from './handler.ts';

/** Without a requested date, an order is expected to ship two days after it is placed. */
const defaultShippingDelay = 2 * 86_400_000;

interface NewOrder {
  petId: number;
  quantity: number;
  shipDate?: string;
}

function requireOpen(order: Order): void {
  if (order.complete) throw new ApiError('order_already_complete', `Order ${order.id} is already complete.`);
}

function requireStock(records: Records, petId: number, quantity: number): void {
  const stock = records.stock.get(petId) ?? 0;
  if (stock < quantity) {
    throw new ApiError('insufficient_stock', `Pet ${petId} has ${stock} in stock; the order needs ${quantity}.`);
  }
}

function setPetStatus(records: Records, petId: number, status: 'available' | 'pending' | 'sold'): void {
  const pet = records.pets.get(petId);
  if (pet) records.pets.replace({ ...pet, status });
}

export const orderHandlers: Record<string, Handler> = {
  listOrders: (request, { records }) => {
    const { complete, petId } = request.params;
    const orders = records.orders
      .all()
      .filter((o) => (complete === undefined || o.complete === complete) && (petId === undefined || o.petId === petId));
    return page(orders, request);
  },

  placeOrder: (request, { records, clock }) => {
    const input = request.body as NewOrder;
    const pet = records.pets.get(input.petId);
    if (!pet) {
      throw new ApiError('unknown_reference', `Body field 'petId' refers to pet ${input.petId}, which does not exist.`);
    }
    if (pet.status !== 'available') {
      throw new ApiError(
        'pet_not_available',
        `Pet ${pet.id} is ${pet.status}, not available, so it cannot be ordered.`,
      );
    }
    requireStock(records, pet.id, input.quantity);
    const order = records.orders.insert({
      petId: pet.id,
      quantity: input.quantity,
      shipDate: input.shipDate ?? new Date(clock.now() + defaultShippingDelay).toISOString(),
      complete: false,
    });
    setPetStatus(records, pet.id, 'pending');
    return created(order, request);
  },

  getOrder: (request, { records }) => ({
    status: 200,
    body: existing(records.orders, request.params.orderId, 'order'),
  }),

  cancelOrder: (request, { records }) => {
    const order = existing(records.orders, request.params.orderId, 'order');
    requireOpen(order);
    records.orders.delete(order.id);
    setPetStatus(records, order.petId, 'available');
    return { status: 204 };
  },

  completeOrder: (request, { records, clock }) => {
    const order = existing(records.orders, request.params.orderId, 'order');
    requireOpen(order);
    requireStock(records, order.petId, order.quantity);
    records.stock.set(order.petId, (records.stock.get(order.petId) ?? 0) - order.quantity);
    const completed: Order = { ...order, complete: true, shipDate: new Date(clock.now()).toISOString() };
    records.orders.replace(completed);
    setPetStatus(records, order.petId, 'sold');
    return { status: 200, body: completed };
  },
};

export const inventoryHandlers: Record<string, Handler> = {
  listInventory: (request, { records }) => {
    const { status } = request.params;
    const items = records.pets
      .all()
      .filter((p) => status === undefined || p.status === status)
      .map((p) => records.inventoryItem(p));
    return page(items, request);
  },

  getInventoryItem: (request, { records }) => ({
    status: 200,
    body: records.inventoryItem(existing(records.pets, request.params.petId, 'pet')),
  }),

  updateInventoryItem: (request, { records }) => {
    const pet = existing(records.pets, request.params.petId, 'pet');
    records.stock.set(pet.id, (request.body as { quantity: number }).quantity);
    return { status: 200, body: records.inventoryItem(pet) };
  },
};
