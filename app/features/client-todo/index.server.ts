// The client-todo read model's server API: what routes may call. Nothing else of the area is imported from outside it.
export { compareTodo, getClientTodo, TODO_LIMIT, TODO_LIMIT_PER_SOURCE, type TodoUser } from "./client-todo.server";
export type { TodoEntry, TodoKind } from "./todo";
