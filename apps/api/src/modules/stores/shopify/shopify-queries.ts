/**
 * The GraphQL Admin API documents the adapter sends (and the sandbox store's schema answers).
 * Shopify charges a query what it could return (a connection: 2 + its page size × its nodes'
 * cost) and refunds what it did not, and refuses one asking more than 1,000 points: a page of 8
 * orders with up to 10 lines and 3 fulfillment orders each asks about 970 (a larger order is
 * read again alone).
 */

export const ORDERS_PAGE_SIZE = 8;

/**
 * An order's fields, its connections sized as given; each says whether it was cut short, so an
 * order larger than a listing's sizes is read again whole (`LARGE_ORDER_QUERY`).
 */
const orderFields = (
  name: string,
  sizes: { lines: number; fulfillmentOrders: number; fulfillmentOrderLines: number },
) => /* GraphQL */ `
  fragment ${name} on Order {
    id
    name
    createdAt
    updatedAt
    cancelledAt
    displayFinancialStatus
    currencyCode
    totalPriceSet {
      shopMoney {
        amount
      }
    }
    email
    phone
    tags
    shippingAddress {
      name
      company
      phone
      address1
      address2
      city
      province
      zip
      countryCodeV2
    }
    lineItems(first: ${sizes.lines}) {
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        sku
        title
        currentQuantity
        originalUnitPriceSet {
          shopMoney {
            amount
          }
        }
      }
    }
    fulfillmentOrders(first: ${sizes.fulfillmentOrders}) {
      pageInfo {
        hasNextPage
      }
      nodes {
        id
        status
        assignedLocation {
          name
          location {
            id
          }
        }
        fulfillmentHolds {
          reason
        }
        lineItems(first: ${sizes.fulfillmentOrderLines}) {
          pageInfo {
            hasNextPage
          }
          nodes {
            id
            remainingQuantity
            lineItem {
              id
            }
          }
        }
      }
    }
  }
`;

const LISTED = orderFields('DespachoOrder', {
  lines: 10,
  fulfillmentOrders: 3,
  fulfillmentOrderLines: 10,
});
const LARGE = orderFields('DespachoLargeOrder', {
  lines: 100,
  fulfillmentOrders: 5,
  fulfillmentOrderLines: 60,
});

export const SHOP_QUERY = /* GraphQL */ `
  query DespachoShop {
    shop {
      name
      myshopifyDomain
    }
  }
`;

export const ORDERS_QUERY = /* GraphQL */ `
  ${LISTED}
  query DespachoOrders($first: Int!, $after: String, $query: String) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      nodes {
        ...DespachoOrder
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const ORDERS_COUNT_QUERY = /* GraphQL */ `
  query DespachoOrdersCount($query: String) {
    ordersCount(query: $query) {
      count
    }
  }
`;

export const ORDER_QUERY = /* GraphQL */ `
  ${LISTED}
  query DespachoOrder($id: ID!) {
    order(id: $id) {
      ...DespachoOrder
    }
  }
`;

/** One order too large for a listing's sizes: up to 100 lines and 5 fulfillment orders. */
export const LARGE_ORDER_QUERY = /* GraphQL */ `
  ${LARGE}
  query DespachoLargeOrder($id: ID!) {
    order(id: $id) {
      ...DespachoLargeOrder
    }
  }
`;

/** What a push needs live: the order's fulfillment orders now, and the fulfilments it has. */
export const FULFILMENT_STATE_QUERY = /* GraphQL */ `
  query DespachoFulfilmentState($id: ID!) {
    order(id: $id) {
      id
      cancelledAt
      fulfillments(first: 20) {
        id
        trackingInfo(first: 1) {
          number
        }
      }
      fulfillmentOrders(first: 5) {
        nodes {
          id
          status
          assignedLocation {
            location {
              id
            }
          }
          lineItems(first: 60) {
            nodes {
              id
              remainingQuantity
              lineItem {
                id
              }
            }
          }
        }
      }
    }
  }
`;

export const FULFILLMENT_CREATE = /* GraphQL */ `
  mutation DespachoFulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment {
        id
        status
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const WEBHOOKS_QUERY = /* GraphQL */ `
  query DespachoWebhooks {
    webhookSubscriptions(first: 50) {
      nodes {
        id
        topic
        uri
      }
    }
  }
`;

export const WEBHOOK_CREATE = /* GraphQL */ `
  mutation DespachoSubscribe($topic: WebhookSubscriptionTopic!, $uri: String!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
      webhookSubscription {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export const ORDER_CANCEL = /* GraphQL */ `
  mutation DespachoCancel($orderId: ID!, $staffNote: String) {
    orderCancel(
      orderId: $orderId
      reason: OTHER
      refund: false
      restock: true
      notifyCustomer: false
      staffNote: $staffNote
    ) {
      job {
        id
      }
      orderCancelUserErrors {
        field
        message
        code
      }
    }
  }
`;

/** The topics subscribed through the API; the compliance ones are set in the app's configuration. */
export const ORDER_TOPICS = ['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED'] as const;
