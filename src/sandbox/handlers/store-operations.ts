/** Orders and inventory: the order lifecycle moves pet status and stock together. */
import { ApiError } from '../api-error.ts';
import type { Order, Store } from '../store.ts';
import { created, type Handler, page } from './handler.ts';
import { findPet } from './pets.ts';

/** Without a requested date, an order is expected to ship two days after it is placed. */
const defaultShippingDelay = 2 * 86_400_000;

interface NewOrder {
  petId: number;
  quantity: number;
  shipDate?: string;
}

function findOrder(store: Store, id: unknown): Order {
  const order = store.orders.get(Number(id));
  if (!order) throw new ApiError('not_found', `No order with id ${String(id)}.`);
  return order;
}

function requireOpen(order: Order): void {
  if (order.complete) throw new ApiError('order_already_complete', `Order ${order.id} is already complete.`);
}

function requireStock(store: Store, petId: number, quantity: number): void {
  const stock = store.stock.get(petId) ?? 0;
  if (stock < quantity) {
    throw new ApiError('insufficient_stock', `Pet ${petId} has ${stock} in stock; the order needs ${quantity}.`);
  }
}

function setPetStatus(store: Store, petId: number, status: 'available' | 'pending' | 'sold'): void {
  const pet = store.pets.get(petId);
  if (pet) store.pets.replace({ ...pet, status });
}

export const orderHandlers: Record<string, Handler> = {
  listOrders: (request, { store }) => {
    const { complete, petId } = request.params;
    const orders = store.orders
      .all()
      .filter((o) => (complete === undefined || o.complete === complete) && (petId === undefined || o.petId === petId));
    return page(orders, request);
  },

  placeOrder: (request, { store, clock }) => {
    const input = request.body as NewOrder;
    const pet = store.pets.get(input.petId);
    if (!pet) {
      throw new ApiError('unknown_reference', `Body field 'petId' refers to pet ${input.petId}, which does not exist.`);
    }
    if (pet.status !== 'available') {
      throw new ApiError(
        'pet_not_available',
        `Pet ${pet.id} is ${pet.status}, not available, so it cannot be ordered.`,
      );
    }
    requireStock(store, pet.id, input.quantity);
    const order = store.orders.insert({
      petId: pet.id,
      quantity: input.quantity,
      shipDate: input.shipDate ?? new Date(clock.now() + defaultShippingDelay).toISOString(),
      complete: false,
    });
    setPetStatus(store, pet.id, 'pending');
    return created(order, request);
  },

  getOrder: (request, { store }) => ({ status: 200, body: findOrder(store, request.params.orderId) }),

  cancelOrder: (request, { store }) => {
    const order = findOrder(store, request.params.orderId);
    requireOpen(order);
    store.orders.delete(order.id);
    setPetStatus(store, order.petId, 'available');
    return { status: 204 };
  },

  completeOrder: (request, { store, clock }) => {
    const order = findOrder(store, request.params.orderId);
    requireOpen(order);
    requireStock(store, order.petId, order.quantity);
    store.stock.set(order.petId, (store.stock.get(order.petId) ?? 0) - order.quantity);
    const completed: Order = { ...order, complete: true, shipDate: new Date(clock.now()).toISOString() };
    store.orders.replace(completed);
    setPetStatus(store, order.petId, 'sold');
    return { status: 200, body: completed };
  },
};

export const inventoryHandlers: Record<string, Handler> = {
  listInventory: (request, { store }) => {
    const { status } = request.params;
    const items = store.pets
      .all()
      .filter((p) => status === undefined || p.status === status)
      .map((p) => store.inventoryItem(p));
    return page(items, request);
  },

  getInventoryItem: (request, { store }) => ({
    status: 200,
    body: store.inventoryItem(findPet(store, request.params.petId)),
  }),

  updateInventoryItem: (request, { store }) => {
    const pet = findPet(store, request.params.petId);
    store.stock.set(pet.id, (request.body as { quantity: number }).quantity);
    return { status: 200, body: store.inventoryItem(pet) };
  },
};
